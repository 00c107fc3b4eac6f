import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { startStandIn, type StandIn } from './test/api-stand-in';

describe('App', () => {
  let api: StandIn | undefined;
  afterEach(async () => api?.close());

  it('shows the sign-in form when nobody is signed in', async () => {
    api = await startStandIn(() => undefined);
    render(<App supabase={api.client} />);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeEnabled();
  });
});
