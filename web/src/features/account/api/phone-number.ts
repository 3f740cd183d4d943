import {
  phoneCodeSentAnswerSchema,
  phoneNumberVerifiedAnswerSchema,
  statusAnswerSchema,
} from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';

/** Texts a code to the number; the number becomes the user's only once the code comes back. */
export function sendPhoneCode(phoneNumber: string): Promise<unknown> {
  return request('/api/auth/phone-number/send-otp', {
    method: 'POST',
    body: { phoneNumber },
    answer: phoneCodeSentAnswerSchema,
  });
}

export function verifyPhoneNumber(input: { phoneNumber: string; code: string }): Promise<unknown> {
  return request('/api/auth/phone-number/verify', {
    method: 'POST',
    body: { ...input, updatePhoneNumber: true },
    answer: phoneNumberVerifiedAnswerSchema,
  });
}

/** Clearing is the one phone change update-user takes: it needs no proof. */
export function removePhoneNumber(): Promise<unknown> {
  return request('/api/auth/update-user', {
    method: 'POST',
    body: { phoneNumber: null },
    answer: statusAnswerSchema,
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

export function useVerifyPhoneNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { phoneNumber: string; code: string }) => {
      await verifyPhoneNumber(input);
      return refreshSession(queryClient);
    },
  });
}

export function useRemovePhoneNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await removePhoneNumber();
      return refreshSession(queryClient);
    },
  });
}
