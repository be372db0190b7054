/** The installation FAQ on /download. */
export const faqItems: readonly { question: string; answer: string }[] = [
  {
    question: 'Which operating systems are supported?',
    answer:
      'Only Windows is supported for now: Windows 10 (64-bit) or later, including Windows 11. There is no macOS or Linux version yet.',
  },
  {
    question: 'Is Interview Helper free?',
    answer:
      'The app is free to download. A subscription is needed for premium features such as screen analysis and listening to the interviewer; plans start at ₹99 a month.',
  },
  {
    question: 'How do I install it?',
    answer:
      'There is no installer. Download the portable zip, extract it to a folder you like (for example Documents\\Interview Helper) and run InterviewHelper.exe.',
  },
  {
    question: 'Windows shows a "Windows protected your PC" warning. What should I do?',
    answer:
      'SmartScreen warns about apps it has not seen often yet. Check that the file came from this page, then choose More info and Run anyway.',
  },
  {
    question: 'How do I sign in to the app?',
    answer:
      'Use the same account as on this website: your e-mail and password, or Continue with Google. Your plan and interviews follow your account.',
  },
  {
    question: 'The app does not hear the interviewer. How do I fix it?',
    answer:
      'Make sure an audio input device is connected, allow microphone access under Settings › Privacy & security › Microphone, and pick the same speakers or headset your call app uses.',
  },
  {
    question: 'How do I hide, move or resize the window?',
    answer:
      'Ctrl+Shift+H shows or hides it, Ctrl+arrow keys move it to half of the screen, Ctrl++, Ctrl+- and Ctrl+0 zoom, Ctrl+1 and Ctrl+2 change its opacity, and Ctrl+Shift+Del closes it.',
  },
  {
    question: 'How do I update or uninstall it?',
    answer:
      'To update, download the new zip and replace the folder. To uninstall, close the app and delete its folder: it leaves nothing else behind.',
  },
]
