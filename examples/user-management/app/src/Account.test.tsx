import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { Account } from './Account';
import { startStandIn, type ReceivedRequest, type StandIn } from './test/api-stand-in';

const USER_ID = '11111111-1111-1111-1111-111111111111';
const session = {
  access_token: 'token',
  refresh_token: 'refresh',
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: USER_ID, email: 'olive@example.com', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2024-01-01T00:00:00Z' },
} satisfies Session;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The profiles row and the avatars bucket, as PostgREST and Storage answer for them. */
function projectApi(profile: Record<string, unknown>, objects: Map<string, Buffer>) {
  return (request: ReceivedRequest) => {
    if (request.path === '/rest/v1/profiles' && request.method === 'GET') {
      const single = String(request.headers.accept).includes('vnd.pgrst.object');
      return { json: single ? profile : [profile] };
    }
    if (request.path === '/rest/v1/profiles' && request.method === 'POST') return { status: 201, json: [] };
    const object = /^\/storage\/v1\/object\/avatars\/(.+)$/.exec(request.path)?.[1];
    if (object && request.method === 'GET') {
      const stored = objects.get(object);
      return stored ? { bytes: stored, contentType: 'image/png' } : { status: 400, json: { statusCode: '404', error: 'not_found', message: 'Object not found' } };
    }
    if (object && request.method === 'POST') {
      objects.set(object, request.body);
      return { json: { Key: `avatars/${object}` } };
    }
    return undefined;
  };
}

const upserts = (api: StandIn) => api.requests.filter((request) => request.path === '/rest/v1/profiles' && request.method === 'POST');

describe('Account', () => {
  let api: StandIn | undefined;
  afterEach(async () => api?.close());

  it('loads the signed-in user\'s profile and shows their avatar', async () => {
    const objects = new Map([['current.png', PNG]]);
    api = await startStandIn(projectApi({ username: 'olive', website: 'https://olive.example', avatar_url: 'current.png' }, objects));
    render(<Account supabase={api.client} session={session} />);

    expect(await screen.findByDisplayValue('olive')).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveValue('https://olive.example');
    expect(screen.getByLabelText('Email')).toHaveValue('olive@example.com');
    const avatar = await screen.findByAltText('Avatar');
    expect(avatar.getAttribute('src')).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    const read = api.requests.find((request) => request.path === '/rest/v1/profiles');
    expect(read?.query.get('id')).toBe(`eq.${USER_ID}`);
  });

  it('refuses a username shorter than 3 characters before sending anything', async () => {
    api = await startStandIn(projectApi({ username: 'olive', website: null, avatar_url: null }, new Map()));
    render(<Account supabase={api.client} session={session} />);
    const username = await screen.findByDisplayValue('olive');

    await userEvent.clear(username);
    await userEvent.type(username, 'ol');
    expect(screen.getByRole('alert')).toHaveTextContent('Username must be at least 3 characters.');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Update profile' })).toBeDisabled();
    expect(upserts(api)).toHaveLength(0);
  });

  it('saves the profile to the user\'s own row', async () => {
    api = await startStandIn(projectApi({ username: 'olive', website: null, avatar_url: null }, new Map()));
    render(<Account supabase={api.client} session={session} />);
    const username = await screen.findByDisplayValue('olive');

    await userEvent.clear(username);
    await userEvent.type(username, 'oli');
    await userEvent.type(screen.getByLabelText('Website'), 'https://oli.example');
    await userEvent.click(screen.getByRole('button', { name: 'Update profile' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Profile saved.');
    const [upsert] = upserts(api);
    expect(upsert.headers.prefer).toContain('resolution=merge-duplicates');
    expect(upsert.json()).toMatchObject({ id: USER_ID, username: 'oli', website: 'https://oli.example', avatar_url: null });
  });

  it('uploads a new avatar under a fresh name, previews it and saves it to the profile', async () => {
    const objects = new Map<string, Buffer>();
    api = await startStandIn(projectApi({ username: 'olive', website: null, avatar_url: null }, objects));
    render(<Account supabase={api.client} session={session} />);
    await screen.findByDisplayValue('olive');
    expect(screen.getByLabelText('No avatar')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Upload an avatar'), new File([PNG], 'me.png', { type: 'image/png' }));

    await waitFor(() => expect(upserts(api!)).toHaveLength(1));
    const [name] = [...objects.keys()];
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(objects.get(name)).toEqual(PNG);
    const upload = api.requests.find((request) => request.method === 'POST' && request.path.startsWith('/storage/'));
    expect(upload?.headers['content-type']).toBe('image/png');
    expect(upserts(api)[0].json()).toMatchObject({ id: USER_ID, avatar_url: name });
    expect((await screen.findByAltText('Avatar')).getAttribute('src')).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });
});
