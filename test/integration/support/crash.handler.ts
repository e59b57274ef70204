/** Test route handler that fails like a Lambda with an unhandled error. */
export const handler = async () => {
  throw new Error('boom: secret detail');
};
