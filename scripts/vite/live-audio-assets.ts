import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)
// Both packages keep these files beside their entry points; onnxruntime-web's exports hide them from require.
const vadFolder = dirname(require.resolve('@ricky0123/vad-web'))
const runtimeFolder = dirname(require.resolve('onnxruntime-web'))

/** The files the live page's voice-activity detection loads at run time, by the name it asks for. */
const assets: Record<string, string> = {
  'vad.worklet.bundle.min.js': join(vadFolder, 'vad.worklet.bundle.min.js'),
  'silero_vad_v5.onnx': join(vadFolder, 'silero_vad_v5.onnx'),
  'ort-wasm-simd-threaded.wasm': join(runtimeFolder, 'ort-wasm-simd-threaded.wasm'),
  'ort-wasm-simd-threaded.mjs': join(runtimeFolder, 'ort-wasm-simd-threaded.mjs'),
}
const folder = 'live-audio'
const largeFile = 1024 * 1024
const fastBrotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }
const types: Record<string, string> = { js: 'text/javascript', mjs: 'text/javascript', wasm: 'application/wasm' }

/**
 * Serves the voice-activity model, its worklet and the ONNX runtime's WebAssembly from the site
 * itself (under /live-audio/): copied from their packages into the client build, and served from
 * node_modules by the dev server. Nothing is fetched from a CDN, so listening works offline.
 */
export function liveAudioAssets(): Plugin {
  return {
    name: 'live-audio-assets',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      for (const [name, file] of Object.entries(assets)) {
        const source = readFileSync(file)
        const fileName = `${folder}/${name}`
        this.emitFile({ type: 'asset', fileName, source })
        // nitro compresses each public file at its default brotli quality unless a compressed copy exists:
        // for the 14 MB runtime that took minutes of each build. A faster quality leaves the file about a fifth larger.
        if (source.byteLength < largeFile) continue
        this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotliCompressSync(source, fastBrotli) })
        this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(source) })
      }
    },
    configureServer(server) {
      server.middlewares.use(`/${folder}/`, (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? ''
        const file = assets[name]
        if (!file) {
          next()
          return
        }
        response.setHeader('content-type', types[name.split('.').pop() ?? ''] ?? 'application/octet-stream')
        response.end(readFileSync(file))
      })
    },
  }
}
