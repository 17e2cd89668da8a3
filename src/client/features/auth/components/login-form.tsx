import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginBody, type CurrentUser } from '@common/contracts/auth';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { TOAST_DURATION, dismissToast, toast } from '@client/components/ui/use-toast';
import { useLogin } from '../api/login';
import { applyFieldErrors } from '@client/lib/apply-field-errors';

type LoginValues = z.input<typeof loginBody>;

/** Spec §2 Login: Username, Password, Remember me, Login. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const form = useForm<LoginValues, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  const login = useLogin({
    onSuccess: (user) => {
      // An earlier "Login failed" is no longer true.
      dismissToast();
      if (user.isTemporaryPassword) {
        toast({
          title: 'Password Change Required',
          description: 'Please change your temporary password to continue.',
          duration: TOAST_DURATION.short,
        });
      }
      onSignedIn(user);
    },
  });

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => {
        applyFieldErrors(error, ['username', 'password'], form.setError);
        form.resetField('password');
        form.setFocus('password');
        toast({
          title: 'Login failed',
          description: errorMessage(error, 'An unexpected error occurred. Please try again.'),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Username" error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            {...form.register('username')}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
      <div className="flex min-h-11 items-center gap-3">
        <Controller
          control={form.control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox
              id="remember-me"
              name={field.name}
              ref={field.ref}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Label htmlFor="remember-me" className="cursor-pointer">
          Remember me
        </Label>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
        Login
      </Button>
    </form>
  );
}
