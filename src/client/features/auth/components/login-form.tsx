import { useRef, useState, type FormEvent } from 'react';
import type { CurrentUser, LoginBody } from '@common/contracts/auth';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { logError } from '@client/lib/log-error';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { TOAST_DURATION, dismissToast, toast } from '@client/components/ui/use-toast';
import { loadAuthContracts } from '../api/auth-contracts';
import { login } from '../api/login';

type Field = 'username' | 'password';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['username', 'password'];

/** The first message per field, from the contract's check or the server's `errors` list. */
function collect(issues: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = FIELDS.find((f) => f === issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function startLoadingContracts() {
  loadAuthContracts().catch(() => {
    // Retried on submit, which then reports the failure.
  });
}

/**
 * Login: Username, Password, Remember me, Login.
 * The page phones open first, so it is kept to plain React (ADR 0151): no form library,
 * a native checkbox, and the login contract (with zod) loaded on the first keystroke. The
 * same contract checks the values on submit as the route checks them on the server.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [signingIn, setSigningIn] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    if (next.username) usernameInput.current?.focus();
    else if (next.password) passwordInput.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: LoginBody = {
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
      rememberMe: data.get('rememberMe') === 'on',
    };
    setSigningIn(true);
    try {
      const { loginBody } = await loadAuthContracts();
      const checked = loginBody.safeParse(values);
      if (!checked.success) {
        showErrors(collect(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));
        return;
      }
      setErrors({});
      const user = await login(checked.data);
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
    } catch (error) {
      logError(error, 'login');
      const password = passwordInput.current;
      if (password) password.value = '';
      showErrors(isApiError(error) ? collect(error.fieldErrors) : {});
      if (!isApiError(error) || error.fieldErrors.length === 0) password?.focus();
      toast({
        title: 'Login failed',
        description: errorMessage(error, 'An unexpected error occurred. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSigningIn(false);
    }
  };

  const clearError = (field: Field) => () => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} onInput={startLoadingContracts} className="grid gap-4">
      <FormField label="Username" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            ref={usernameInput}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            onChange={clearError('username')}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password}>
        {(control) => (
          <Input {...control} ref={passwordInput} name="password" type="password" autoComplete="current-password" onChange={clearError('password')} />
        )}
      </FormField>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm leading-none font-medium">
        <input
          type="checkbox"
          name="rememberMe"
          className="size-5 shrink-0 cursor-pointer rounded border border-input accent-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        Remember me
      </label>
      <Button type="submit" size="lg" className="w-full" loading={signingIn}>
        Login
      </Button>
    </form>
  );
}
