import type { TRequestOf, TStatusTypeInput, TStatusTypePatch } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const statusTypesApi = {
  getStatusTypes: (query: TRequestOf<'statusTypesMgmt/getStatusTypes'>, signal?: AbortSignal) =>
    call('statusTypesMgmt/getStatusTypes', query, signal),
  createStatusType: (input: TStatusTypeInput) => call('statusTypesMgmt/createStatusType', { input }),
  updateStatusType: (id: number, input: TStatusTypePatch, version: number) =>
    call('statusTypesMgmt/updateStatusType', { id, version, input }),
  deleteStatusType: (id: number) => call('statusTypesMgmt/deleteStatusType', { id }),
};
