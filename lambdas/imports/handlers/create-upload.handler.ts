import { userRoute } from '#shared/http/route-handler';
import { buildImportDeps } from '../adapters/import-deps';
import { createUpload } from '../core/create-upload';
import { createUploadSchema } from './create-upload.schema';

const deps = buildImportDeps();

/** POST create_upload: records the job and returns a presigned PUT URL. */
export const handler = userRoute(createUploadSchema, (input, { caller }) =>
  createUpload(deps, caller, input),
);
