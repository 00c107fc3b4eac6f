import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Auth } from './Auth';
import { startStandIn, type StandIn } from './test/api-stand-in';

describe('Auth', () => {
  let api: StandIn | undefined;
  afterEach(async () => api?.close());

  it('asks the auth server for a magic link to the email given, back to this page', async () => {
    api = await startStandIn((request) => (request.path === '/auth/v1/otp' ? { json: {} } : undefined));
    render(<Auth supabase={api.client} />);
    await userEvent.type(screen.getByLabelText('Email'), 'olive@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Check your email for the sign-in link.');
    const otp = api.requests.find((request) => request.path === '/auth/v1/otp');
    expect(otp?.method).toBe('POST');
    expect(otp?.json()).toMatchObject({ email: 'olive@example.com', create_user: true });
    expect(otp?.query.get('redirect_to')).toBe(window.location.origin);
  });

  it('shows what the auth server refused', async () => {
    api = await startStandIn(() => ({ status: 429, json: { code: 429, msg: 'Email rate limit exceeded' } }));
    render(<Auth supabase={api.client} />);
    await userEvent.type(screen.getByLabelText('Email'), 'olive@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email rate limit exceeded');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
