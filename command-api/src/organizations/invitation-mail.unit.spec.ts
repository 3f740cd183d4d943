import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation-mail.ts';

describe('the invitation mail', () => {
  it('gives the expiry in the product’s date style, in the organization’s time zone', () => {
    const mail = invitationMail({
      to: 'sam@example.com',
      organizationName: 'Lakeside Freight',
      inviterName: 'Pat Owner',
      role: 'member',
      url: 'https://dispatch.example.com/accept-invitation/abc',
      expiresAt: '2026-12-04T21:19:00.000Z',
      timeZone: 'America/Chicago',
    });
    expect(mail.text).toContain(
      'The invitation is valid until Dec 04, 2026, 3:19 PM (America/Chicago time).',
    );
    expect(mail.html).toContain('valid until Dec 04, 2026, 3:19 PM');
  });
});
