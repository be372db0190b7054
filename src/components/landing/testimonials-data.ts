export type Testimonial = { name: string; handle: string; text: string }

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Priya Sharma',
    handle: '@priya.codes',
    text: 'I froze on system design rounds. Having the key points in the corner kept me calm enough to think out loud.',
  },
  {
    name: 'Arjun Mehta',
    handle: '@arjun_builds',
    text: 'The resume context is the best part. It reminded me of my own payments project when they asked about idempotency.',
  },
  {
    name: 'Neha Iyer',
    handle: '@neha.iyer',
    text: 'Setup took five minutes: unzip, run, paste the job description. It just sits there until I need it.',
  },
  {
    name: 'Rahul Verma',
    handle: '@rahulv_dev',
    text: 'I used it for mock interviews first. By the real one I barely looked at it, but knowing it was there helped.',
  },
  {
    name: 'Sneha Kulkarni',
    handle: '@snehak',
    text: 'Behavioural questions were my weak spot. The STAR outlines made my answers shorter and clearer.',
  },
  {
    name: 'Karthik Rao',
    handle: '@karthik.rao',
    text: 'Fast enough that the answer is up before the interviewer finishes the question.',
  },
  {
    name: 'Ananya Das',
    handle: '@ananya_d',
    text: 'Worth it for the SQL round alone. It read the schema on the shared screen and explained the join.',
  },
  {
    name: 'Vikram Singh',
    handle: '@vikram.s',
    text: 'Ctrl+Shift+H to hide it is muscle memory now. Clean, quiet and out of the way.',
  },
]
