import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PROFILE_FIELDS } from '@common/contracts/users';
import { ROLES, ROLE_LABELS } from '@common/domain/permissions';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';

export { PROFILE_FIELDS };
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type OwnProfileField = Exclude<ProfileField, 'role'>;
export const OWN_PROFILE_FIELDS = PROFILE_FIELDS.filter((f): f is OwnProfileField => f !== 'role');

interface TextField {
  name: OwnProfileField;
  label: string;
  type?: string;
  /** What a browser may fill in when the fields are the user's own (/profile). */
  ownAutoComplete: string;
  wide?: boolean;
  /** Where it sits in the store group's six columns (wide screens). */
  span?: string;
  maxLength?: number;
}

const PERSON_FIELDS: TextField[] = [
  { name: 'firstName', label: 'First Name', ownAutoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', ownAutoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', ownAutoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', ownAutoComplete: 'tel' },
  { name: 'company', label: 'Company', ownAutoComplete: 'organization' },
];

/** The store's address in parts (docs/decisions/0210): a shipped sample order goes there unless changed at checkout. */
const STORE_FIELDS: TextField[] = [
  { name: 'storeName', label: 'Store Name', ownAutoComplete: 'off', span: 'sm:col-span-6' },
  { name: 'storeAddress', label: 'Store Street Address', ownAutoComplete: 'address-line1', span: 'sm:col-span-6' },
  { name: 'storeCity', label: 'Store City', ownAutoComplete: 'address-level2', span: 'sm:col-span-3' },
  { name: 'storeState', label: 'Store State', ownAutoComplete: 'address-level1', span: 'sm:col-span-1', maxLength: 2 },
  { name: 'storeZip', label: 'Store ZIP Code', ownAutoComplete: 'postal-code', span: 'sm:col-span-2', maxLength: 10 },
  { name: 'storeContactName', label: 'Store Contact Name', ownAutoComplete: 'off', span: 'sm:col-span-3' },
  { name: 'storePhone', label: 'Store Phone', type: 'tel', ownAutoComplete: 'off', span: 'sm:col-span-3' },
];

function Fields({
  fields,
  register,
  errors,
  own,
}: {
  fields: TextField[];
  register: (name: OwnProfileField) => UseFormRegisterReturn;
  errors: Partial<Record<OwnProfileField, { message?: string }>>;
  own: boolean;
}) {
  return fields.map((field) => (
    <FormField key={field.name} label={field.label} error={errors[field.name]?.message} className={field.span ?? (field.wide ? 'sm:col-span-2' : undefined)}>
      {(control) => (
        <Input
          {...control}
          type={field.type ?? 'text'}
          autoComplete={own ? field.ownAutoComplete : 'off'}
          maxLength={field.maxLength}
          className={field.name === 'storeState' ? 'uppercase' : undefined}
          {...register(field.name)}
        />
      )}
    </FormField>
  ));
}

/**
 * The text fields alone: the admin's dialogs add the role; /profile shows them for the user's own
 * account without the email, which changes there through a confirmed change (docs/decisions/0203).
 * The store's address comes as its own group: it is where shipped sample orders go.
 */
export function ProfileTextFields({
  register,
  errors,
  own = false,
  omitCompany = false,
}: {
  register: (name: OwnProfileField) => UseFormRegisterReturn;
  errors: Partial<Record<OwnProfileField, { message?: string }>>;
  own?: boolean;
  /** The company is asked for elsewhere (Create User's company picker for a dealer). */
  omitCompany?: boolean;
}) {
  const person = PERSON_FIELDS.filter((field) => !(own && field.name === 'email') && !(omitCompany && field.name === 'company'));
  return (
    <>
      <Fields fields={person} register={register} errors={errors} own={own} />
      <fieldset className="grid items-start gap-4 border-t border-border pt-4 sm:col-span-2 sm:grid-cols-6">
        <legend className="float-left mb-1 text-sm font-semibold sm:col-span-6">Store address</legend>
        <p className="-mt-2 text-xs text-muted-foreground sm:col-span-6">
          {own ? 'Your' : "This user's"} shipped sample orders go here unless changed at checkout; a PO&apos;s ship-to starts from it.
        </p>
        <Fields fields={STORE_FIELDS} register={register} errors={errors} own={own} />
      </fieldset>
    </>
  );
}

/**
 * Role and profile fields, shared by Create User and Edit User (edit uses the
 * create rules without username and password). Autocomplete is off: these describe
 * someone else, not the admin filling them in.
 */
export function ProfileFields({
  register,
  errors,
  roleLocked = false,
  afterRole,
}: {
  register: (name: ProfileField) => UseFormRegisterReturn;
  errors: Partial<Record<ProfileField, { message?: string }>>;
  /** An admin editing themselves may not change their own role (the server refuses it too). */
  roleLocked?: boolean;
  /** Fields that depend on the role (Create User's company for a dealer), asked for in place of the Company text. */
  afterRole?: ReactNode;
}) {
  return (
    <>
      <FormField
        label="Role"
        error={errors.role?.message}
        hint={roleLocked ? 'You cannot change your own role.' : undefined}
        className="sm:col-span-2"
      >
        {(control) => (
          <NativeSelect {...control} {...register('role')} disabled={roleLocked}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {afterRole}
      <ProfileTextFields register={register} errors={errors} omitCompany={Boolean(afterRole)} />
    </>
  );
}
