import { useEffect } from 'react'

/** A sparkle on 25 percent of mouse moves. */
const sparkleRate = 0.25
const maxLiveSparkles = 24
const lifetimeMs = 700
const colours = ['#5e6ad2', '#8b93e6', '#f5b942', '#ffffff']

/**
 * The global mouse-move sparkle of the dashboard. Decoration only: a fixed layer that never
 * takes a click, hidden from assistive technology, and off when the user asks for less motion.
 */
export function SparkleEffect({ random = Math.random }: { random?: () => number }) {
  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    const layer = document.createElement('div')
    layer.setAttribute('aria-hidden', 'true')
    layer.dataset.sparkleLayer = ''
    Object.assign(layer.style, {
      position: 'fixed',
      inset: '0',
      pointerEvents: 'none',
      overflow: 'hidden',
      zIndex: '9999',
    })
    document.body.appendChild(layer)

    const spawn = (x: number, y: number) => {
      const size = 6 + Math.round(random() * 8)
      const sparkle = document.createElement('span')
      sparkle.dataset.sparkle = ''
      Object.assign(sparkle.style, {
        position: 'absolute',
        left: `${x - size / 2}px`,
        top: `${y - size / 2}px`,
        width: `${size}px`,
        height: `${size}px`,
        pointerEvents: 'none',
        background: colours[Math.floor(random() * colours.length)] ?? colours[0],
        clipPath: 'polygon(50% 0, 61% 39%, 100% 50%, 61% 61%, 50% 100%, 39% 61%, 0 50%, 39% 39%)',
      })
      layer.appendChild(sparkle)
      const drift = (random() - 0.5) * 30
      const animation = sparkle.animate(
        [
          { opacity: 1, transform: 'translate(0, 0) scale(1) rotate(0deg)' },
          { opacity: 0, transform: `translate(${drift}px, 18px) scale(0.2) rotate(90deg)` },
        ],
        { duration: lifetimeMs, easing: 'ease-out' },
      )
      animation.onfinish = () => sparkle.remove()
    }

    const onMove = (event: MouseEvent) => {
      if (reducedMotion.matches || random() >= sparkleRate) return
      if (layer.childElementCount >= maxLiveSparkles) return
      spawn(event.clientX, event.clientY)
    }
    window.addEventListener('mousemove', onMove, { passive: true })
    return () => {
      window.removeEventListener('mousemove', onMove)
      layer.remove()
    }
  }, [random])
  return null
}
