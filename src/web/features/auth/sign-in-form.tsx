import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { hasNoControlCharacters, signInEmailControlMessage } from '../../../shared/text-rules';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/field-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { isApiError } from '../../lib/api';
import { useSignIn } from './api/sign-in';
import { homePathFor } from './auth-types';
import { safeNextPath } from './safe-next-path';

const SignInSchema = z.object({
  email: z
    .string()
    .refine((value) => hasNoControlCharacters(value), { message: signInEmailControlMessage, abort: true })
    .trim()
    .min(1, 'Enter your e-mail address')
    .pipe(z.email('Enter a valid e-mail address')),
  password: z.string().min(1, 'Enter your password'),
});

type SignInValues = z.infer<typeof SignInSchema>;

function signInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return 'The e-mail or password is not right.';
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
  } = useForm<SignInValues>({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '' } });

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
      <div>
        <Label htmlFor="sign-in-email">E-mail address</Label>
        <Input
          id="sign-in-email"
          type="email"
          autoComplete="username"
          inputMode="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'sign-in-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="sign-in-email-error" message={errors.email?.message} />
      </div>
      <div>
        <Label htmlFor="sign-in-password">Password</Label>
        <Input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
          {...register('password')}
        />
        <FieldError id="sign-in-password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
