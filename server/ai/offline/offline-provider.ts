/** The `provider` and `model` the offline engine reports in its results and errors. */
export const OFFLINE_PROVIDER = 'offline'
export const OFFLINE_MODEL = 'interview-kb-v1'
