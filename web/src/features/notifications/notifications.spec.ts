import type { NotificationsPageAnswer } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { withRead } from './api/mark-notifications-read';
import { badgeCount } from './components/notifications-bell';

const notification = (id: string, read = false) => ({ id, read }) as NotificationsPageAnswer['data'][number];
const page = (): NotificationsPageAnswer => ({
  success: true,
  data: [notification('a'), notification('b', true), notification('c')],
  unreadCount: 7,
  nextCursor: '12',
});

describe('the bell', () => {
  it('marks one read at once on screen, counting down only what was unread', () => {
    const marked = withRead(page(), ['a', 'b']);
    expect(marked.data.map((n) => n.read)).toEqual([true, true, false]);
    expect(marked.unreadCount).toBe(6);
  });

  it('marks all read, the ones not on screen too', () => {
    const marked = withRead(page());
    expect(marked.data.every((n) => n.read)).toBe(true);
    expect(marked.unreadCount).toBe(0);
  });

  it('shows at most 99 on the badge', () => {
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(120)).toBe('99+');
  });
});
