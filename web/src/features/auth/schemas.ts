import { z } from 'zod';

/*
 * The sign-in and sign-up forms. The domain package has no schema for these yet (authentication
 * is better-auth's); the messages follow SPEC section 5 (password minimum 8 with its wording).
 */
const emailField = z
  .string()
  .trim()
  .min(1, 'Email address is required')
  .pipe(z.email('Enter a valid email address'));

export const signInFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required'),
  rememberMe: z.boolean(),
});
export type SignInFormValues = z.infer<typeof signInFormSchema>;

export const signUpFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name cannot be more than 100 characters'),
  email: emailField,
  password: z.string().min(8, 'Should contain atleast 8 characters'),
});
export type SignUpFormValues = z.infer<typeof signUpFormSchema>;
