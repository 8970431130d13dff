import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInSchema, signInMessages, type SignInInput } from '../../../shared/api/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/form';
import { isApiError } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-check';
import { useSignIn } from './api/sign-in';
import { homePathFor } from './roles';
import { safeNextPath } from './safe-next-path';

// The route parses with the same SignInSchema, so both give the same message for the same mistake.
type SignInValues = SignInInput;

function signInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return signInMessages.wrong;
  if (isApiError(error) && error.status === 429) {
    return error.userMessage ?? 'Too many attempts. Please wait a few minutes and try again.';
  }
  return 'We could not sign you in just now. Please try again.';
}

export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({ resolver: schemaResolver(SignInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: ({ user }) => {
        navigate(safeNextPath(searchParams.get('next')) ?? homePathFor[user.role], { replace: true });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-describedby={signIn.isError ? 'sign-in-error' : undefined}>
      {signIn.isError ? (
        <div id="sign-in-error" role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
          {signInErrorMessage(signIn.error)}
        </div>
      ) : null}
      <TextField
        id="sign-in-email"
        label="E-mail address"
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="sign-in-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" pending={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
