import { type StatusAnswer, statusAnswerSchema } from '@dispatch/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<StatusAnswer> {
  return request('/api/auth/reset-password', { method: 'POST', body: input, answer: statusAnswerSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
