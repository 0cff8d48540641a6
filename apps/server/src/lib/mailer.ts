import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { outbox } from "../db/schema/index";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise keeps the message in the outbox table and
 * writes it to the log, so a site without a mail server still sees reset codes.
 */
export async function sendMail(config: Config, db: Db, mail: Mail, log: (message: string) => void): Promise<void> {
  if (!config.SMTP_URL) {
    await db.insert(outbox).values({ to: mail.to, subject: mail.subject, body: mail.text });
    log(`mail to ${mail.to} kept in the outbox (no SMTP_URL): ${mail.subject}\n${mail.text}`);
    return;
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  try {
    await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  } finally {
    transport.close();
  }
}
