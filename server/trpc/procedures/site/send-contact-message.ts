import { contactSendInput, contactSendOutput } from '#server/contact/contact-input.ts'
import { sendContactMessage as sendMessage } from '#server/contact/send-contact-message.ts'
import { publicProcedure } from '#server/trpc/init.ts'

export const sendContactMessage = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/contact',
      operationId: 'contact-send',
      tags: ['contact'],
      summary: 'Send a message to support',
      description:
        "All five fields are required ('All fields are required'); the e-mail must look like name@domain.tld ('Invalid email format'). The message is stored before it is mailed, so a mail outage only delays it. 429 after too many messages.",
      protect: false,
    },
  })
  .input(contactSendInput)
  .output(contactSendOutput)
  .mutation(({ ctx, input }) => sendMessage(ctx.scope, input))
