const widest = 1920

/**
 * One frame of a shared tab or window, as a PNG data URL (what the screenshot question takes):
 * the track plays into a detached video element for as long as it takes to draw it once.
 */
export async function captureFrame(track: MediaStreamTrack): Promise<string> {
  const video = document.createElement('video')
  video.muted = true
  video.srcObject = new MediaStream([track])
  try {
    await video.play()
    if (video.videoWidth === 0)
      await new Promise<void>((resolve) => video.addEventListener('resize', () => resolve(), { once: true }))
    const scale = Math.min(1, widest / video.videoWidth)
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(video.videoWidth * scale)
    canvas.height = Math.round(video.videoHeight * scale)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('this browser cannot draw the shared screen')
    context.drawImage(video, 0, 0, canvas.width, canvas.height)
    return canvas.toDataURL('image/png')
  } finally {
    video.pause()
    video.srcObject = null
  }
}
