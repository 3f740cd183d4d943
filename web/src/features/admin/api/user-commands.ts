import { adminUserCommandAnswerSchema, type PlatformRole } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The admin plugin's user actions; each refreshes the users list. */
function useUserCommand<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      request(`/api/auth/admin/${path}`, { method: 'POST', body, answer: adminUserCommandAnswerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export const useSetUserRole = () => useUserCommand<{ userId: string; role: PlatformRole }>('set-role');
export const useBanUser = () => useUserCommand<{ userId: string; banReason?: string }>('ban-user');
export const useUnbanUser = () => useUserCommand<{ userId: string }>('unban-user');
