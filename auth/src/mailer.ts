import nodemailer from 'nodemailer';
import { writeToOutbox } from './outbox.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP in production; the embedded setup delivers into a local folder instead. */
export type MailerConfig = ({ smtpUrl: string } | { outboxDir: string }) & { from?: string };

const defaultSender = 'no-reply@localhost';

export function createMailer(config: MailerConfig): Mailer {
  const from = config.from ?? defaultSender;
  if ('smtpUrl' in config) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  // The raw message is rendered by nodemailer itself, so the outbox shows exactly what SMTP would carry.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const { message } = await renderer.sendMail({ from, ...mail });
      // `buffer: true` above makes nodemailer hand back the whole message rather than a stream.
      if (!Buffer.isBuffer(message)) throw new Error('Outbox expected a rendered message buffer');
      await writeToOutbox(config.outboxDir, { ...mail, date: new Date() }, message);
    },
  };
}
