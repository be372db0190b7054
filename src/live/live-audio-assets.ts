/**
 * Where the page finds the voice-activity model, its audio worklet and the ONNX runtime's
 * WebAssembly: copied from their packages into the site at build time (scripts/vite/live-audio-assets.ts),
 * so listening works offline and loads nothing from another origin.
 */
export const liveAudioPath = '/live-audio/'
