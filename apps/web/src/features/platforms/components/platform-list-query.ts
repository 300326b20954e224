import type { TPagedQuery, TPlatformView } from '@cpq/contracts';
import type { TPage } from '../../../ui/generic-list';
import { platformsApi } from '../api/platforms.api';

const text = (platform: TPlatformView, field: string): string =>
  String((platform as Record<string, unknown>)[field] ?? '').toLowerCase();

/**
 * One page of platforms for the generic list. The API answers every platform at once (there are few), so search,
 * order and paging happen here.
 */
export function pagePlatforms(all: TPlatformView[], query: TPagedQuery): TPage<TPlatformView> {
  const search = query.search?.trim().toLowerCase();
  const matching = search
    ? all.filter((platform) => ['id', 'name', 'emailAddresses'].some((field) => text(platform, field).includes(search)))
    : all;
  const [field, direction] = query.order ?? ['id', 'ASC'];
  const sorted = [...matching].sort((a, b) => {
    const compared = text(a, field).localeCompare(text(b, field), undefined, { numeric: true });
    return direction === 'DESC' ? -compared : compared;
  });
  return { rows: sorted.slice(query.offset, query.offset + query.limit), count: matching.length };
}

export const queryPlatforms = async (query: TPagedQuery, signal?: AbortSignal) =>
  pagePlatforms((await platformsApi.getPlatforms(signal)).rows, query);
