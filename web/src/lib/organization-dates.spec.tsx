// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RelativeTime } from '../components/board/board-cells';
import { OrganizationTimeZone } from './organization-dates';

afterEach(cleanup);

describe('dates on the screens', () => {
  it('read in the organization’s time zone, in the one date style', () => {
    render(
      <OrganizationTimeZone timeZone="Asia/Tokyo">
        <RelativeTime at="2026-11-27T21:19:00.000Z" now={new Date('2026-11-27T21:19:30.000Z')} />
      </OrganizationTimeZone>,
    );
    expect(screen.getByText('Just now').getAttribute('title')).toBe('Nov 28, 2026, 6:19 AM');
  });
});
