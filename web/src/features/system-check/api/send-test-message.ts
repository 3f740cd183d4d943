import { type TestMessageChannel, testMessageAnswerSchema } from '@dispatch/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** A test e-mail or text to the signed-in user's own address or number (a few every 10 minutes). */
export function useSendTestMessage(channel: TestMessageChannel) {
  return useMutation({
    mutationFn: async () =>
      (await request(`/api/v1/testing/${channel}`, { method: 'POST', answer: testMessageAnswerSchema })).data,
  });
}
