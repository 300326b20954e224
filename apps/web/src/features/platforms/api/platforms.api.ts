import type { TPlatformInput, TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

export type TPlatformPatch = TRequestOf<'platformManagement/updatePlatform'>['input'];

export const platformsApi = {
  getPlatforms: (signal?: AbortSignal) => call('platformManagement/getPlatforms', {}, signal),
  getPlatform: (id: string) => call('platformManagement/getPlatform', { id }),
  createPlatform: (input: TPlatformInput) => call('platformManagement/createPlatform', { input }),
  updatePlatform: (id: string, input: TPlatformPatch, version: number) =>
    call('platformManagement/updatePlatform', { id, version, input }),
  getIntegrationSettings: (id: string, signal?: AbortSignal) =>
    call('platformManagement/getIntegrationSettings', { id }, signal),
  updateIntegrationSettings: (body: TRequestOf<'platformManagement/updateIntegrationSettings'>) =>
    call('platformManagement/updateIntegrationSettings', body),
};
