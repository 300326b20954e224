/** Product messages the spec does not word; built like its other save messages ('Successfully created Address'). */
export const PRODUCT_MSG = {
  created: 'Successfully created Product',
  updated: 'Successfully updated Product',
  deleted: 'Successfully deleted Product',
  modelSaved: (name: string, version: number) => `Configuration model ${name} saved as version ${version}`,
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  imageUploaded: 'Image uploaded. Save the product to keep it.',
} as const;

/** 'Editing Product: {name}' */
export const msgEditingProduct = (name: string): string => `Editing Product: ${name}`;
