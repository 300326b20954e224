import { call } from '../../../lib/api';

type TModelJson = Record<string, unknown>;

/** The model studio's calls: the draft, its versions, publishing, and the preview of the saved draft. */
export const modelStudioApi = {
  getDraft: (productId: number) => call('productManagement/getModelDraft', { productId }),
  saveDraft: (productId: number, version: number, model: TModelJson) =>
    call('productManagement/saveModelDraft', { productId, version, model }),
  getVersions: (productId: number) => call('productManagement/getModelVersions', { productId }),
  publish: (productId: number, version: number) => call('productManagement/publishModel', { productId, version }),
  checkModel: (productId: number, model: TModelJson) => call('productManagement/checkModel', { productId, model }),
  startPreview: (productId: number, configurationId: string) =>
    call('configurator/startPreview', { productId, configurationId }),
};
