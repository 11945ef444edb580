import nodemailer, { type Transporter } from "nodemailer";

import { getEnv, type Env } from "~/services/env.server";

/**
 * The email Flowmap sends (password reset links), through nodemailer's SMTP transport to the
 * server SMTP_URL names, from MAIL_FROM. With no SMTP_URL nothing is sent: the message is written
 * to the server log instead, so an operator can pass a link on by hand.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let cached: { url: string; transport: Transporter } | undefined;

function transportFor(env: Env): Transporter | null {
  if (!env.SMTP_URL) return null;
  if (cached?.url !== env.SMTP_URL) {
    cached?.transport.close();
    // Bounded waits: a mail server that does not answer cannot hold a request for minutes.
    cached = { url: env.SMTP_URL, transport: nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return cached.transport;
}

/** Whether email leaves the server, or goes to the server log. */
export function mailTransportConfigured(env: Env = getEnv()) {
  return Boolean(env.SMTP_URL);
}

/** Sends `mail`; "logged" when no transport is configured and it went to the server log. Throws when the server refuses it. */
export async function sendMail(mail: Mail): Promise<"sent" | "logged"> {
  const env = getEnv();
  const transport = transportFor(env);
  if (!transport) {
    console.info(`[mail] no SMTP_URL set, so this email was not sent. To: ${mail.to}\nSubject: ${mail.subject}\n${mail.text}`);
    return "logged";
  }
  await transport.sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  return "sent";
}
