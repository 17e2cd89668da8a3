import type { UseFormRegisterReturn } from 'react-hook-form';
import { ROLES, ROLE_LABELS } from '@common/domain/permissions';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';

export const PROFILE_FIELDS = ['role', 'firstName', 'lastName', 'email', 'phone', 'company', 'storeName', 'storeAddress'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type OwnProfileField = Exclude<ProfileField, 'role'>;
export const OWN_PROFILE_FIELDS = PROFILE_FIELDS.filter((f): f is OwnProfileField => f !== 'role');

/** ownAutoComplete: what a browser may fill in when the fields are the user's own (/profile). */
const TEXT_FIELDS: { name: OwnProfileField; label: string; type?: string; ownAutoComplete: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First Name', ownAutoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', ownAutoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', ownAutoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', ownAutoComplete: 'tel' },
  { name: 'company', label: 'Company', ownAutoComplete: 'organization' },
  { name: 'storeName', label: 'Store Name', ownAutoComplete: 'off' },
  { name: 'storeAddress', label: 'Store Address', ownAutoComplete: 'street-address', wide: true },
];

/**
 * The text fields alone: the admin's dialogs add the role; /profile shows them for the user's own
 * account without the email, which changes there through a confirmed change (docs/decisions/0203).
 */
export function ProfileTextFields({
  register,
  errors,
  own = false,
}: {
  register: (name: OwnProfileField) => UseFormRegisterReturn;
  errors: Partial<Record<OwnProfileField, { message?: string }>>;
  own?: boolean;
}) {
  return TEXT_FIELDS.filter((field) => !own || field.name !== 'email').map((field) => (
    <FormField key={field.name} label={field.label} error={errors[field.name]?.message} className={field.wide ? 'sm:col-span-2' : undefined}>
      {(control) => (
        <Input {...control} type={field.type ?? 'text'} autoComplete={own ? field.ownAutoComplete : 'off'} {...register(field.name)} />
      )}
    </FormField>
  ));
}

/**
 * Role and profile fields, shared by Create User and Edit User (spec §5: edit uses the
 * create rules without username and password). Autocomplete is off: these describe
 * someone else, not the admin filling them in.
 */
export function ProfileFields({
  register,
  errors,
  roleLocked = false,
}: {
  register: (name: ProfileField) => UseFormRegisterReturn;
  errors: Partial<Record<ProfileField, { message?: string }>>;
  /** An admin editing themselves may not change their own role (the server refuses it too). */
  roleLocked?: boolean;
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
      <ProfileTextFields register={register} errors={errors} />
    </>
  );
}
