import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpCapture } from '../../apps/server/test/smtp-server.ts';
import { startSampleApp } from './sample-app.ts';

/**
 * Starts what the portal under test talks to: a real SMTP server that writes every message
 * it receives into E2E_MAIL_DIR (the specs read codes and links from there), and the sample
 * app registered as the CRM service.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = process.env.E2E_MAIL_DIR!;
  let received = 0;
  const smtp = await startSmtpCapture({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (mail) => {
      received += 1;
      const file = join(mailDir, `${Date.now()}-${String(received).padStart(5, '0')}.json`);
      writeFileSync(file, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, raw: mail.raw, receivedAt: Date.now() }));
    },
  });
  const app = await startSampleApp(Number(process.env.E2E_APP_PORT), `http://localhost:${process.env.E2E_PORT}`);
  return async () => {
    await smtp.close();
    await new Promise((resolve) => app.close(resolve));
  };
}
