import type { UseFormRegisterReturn } from 'react-hook-form';
import { ROLES, ROLE_LABELS } from '@common/domain/permissions';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';

export const PROFILE_FIELDS = ['role', 'firstName', 'lastName', 'email', 'phone', 'company', 'storeName', 'storeAddress'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const TEXT_FIELDS: { name: Exclude<ProfileField, 'role'>; label: string; type?: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
  { name: 'company', label: 'Company', autoComplete: 'off' },
  { name: 'storeName', label: 'Store Name', autoComplete: 'off' },
  { name: 'storeAddress', label: 'Store Address', autoComplete: 'off', wide: true },
];

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
      {TEXT_FIELDS.map((field) => (
        <FormField key={field.name} label={field.label} error={errors[field.name]?.message} className={field.wide ? 'sm:col-span-2' : undefined}>
          {(control) => <Input {...control} type={field.type ?? 'text'} autoComplete={field.autoComplete} {...register(field.name)} />}
        </FormField>
      ))}
    </>
  );
}
