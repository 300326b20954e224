import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../../../test/render';
import { mirrorSessionInCache } from './session-cache';
import { forgetSignedInLoads, platformLoad, userLoad } from './session-loads';

const platform = (name: string) => ({ id: 'default', name, requireMFA: '0', requireHttps: '0' });

describe('the session loads and the query cache', () => {
  afterEach(() => {
    forgetSignedInLoads();
    vi.unstubAllGlobals();
  });

  it('gives the cache what the session loaded, and takes what a page writes there', async () => {
    mockApi({ 'userManagement/getUser': () => ({ body: { success: true, result: makeUser() } }) });
    const load = userLoad('ada@example.com');
    await load.refetch();
    const client = new QueryClient();
    mirrorSessionInCache(client);
    expect(client.getQueryData(['users', 'ada@example.com'])).toMatchObject({ firstName: 'Ada' });

    // The profile page saves the user under the key it shares with the session.
    client.setQueryData(['users', 'ada@example.com'], makeUser({ firstName: 'Augusta' }));
    expect(load.getState().data).toMatchObject({ firstName: 'Augusta' });

    // A sign-in's user, given to the session after the cache has loaded, reaches the cache too.
    userLoad('grace@example.com').setData(makeUser({ username: 'grace@example.com', firstName: 'Grace' }));
    expect(client.getQueryData(['users', 'grace@example.com'])).toMatchObject({ firstName: 'Grace' });
  });

  it('fetches the platform again when a page invalidates the platforms, and once when a page watches it', async () => {
    let name = 'Before';
    const fetchMock = mockApi({
      'platformManagement/getPlatform': () => ({ body: { success: true, result: platform(name) } }),
    });
    const load = platformLoad('ada@example.com');
    await load.refetch();
    const client = new QueryClient();
    mirrorSessionInCache(client);

    name = 'After';
    await client.invalidateQueries({ queryKey: ['platforms'] });
    await vi.waitFor(() => expect(load.getState().data).toMatchObject({ name: 'After' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // With a page watching the entry, the cache fetches it itself and the session takes the answer.
    const observer = new QueryObserver(client, {
      queryKey: ['platforms', 'current', 'ada@example.com'],
      queryFn: async () => platform(name),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => undefined);
    name = 'Watched';
    await client.invalidateQueries({ queryKey: ['platforms'] });
    await vi.waitFor(() => expect(load.getState().data).toMatchObject({ name: 'Watched' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('forgets the signed-in loads at sign-out', async () => {
    mockApi({ 'userManagement/getUser': () => ({ body: { success: true, result: makeUser() } }) });
    const load = userLoad('ada@example.com');
    await load.refetch();
    forgetSignedInLoads();
    expect(userLoad('ada@example.com')).not.toBe(load);
    expect(userLoad('ada@example.com').getState()).toMatchObject({ data: undefined, isPending: true });
  });
});
