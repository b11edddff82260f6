import type { LogLevel, Logger } from './options.js';
import { redact } from '../secrets/redact.js';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** A level-filtered logger. Every data argument is redacted again here, as a last line of defence. */
export class Log {
  constructor(
    private readonly logger: Logger | undefined,
    private readonly level: LogLevel,
  ) {}

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return this.logger !== undefined && RANK[level] <= RANK[this.level];
  }

  error(message: string, data?: unknown, secrets?: readonly string[]): void {
    this.write('error', message, data, secrets);
  }
  warn(message: string, data?: unknown, secrets?: readonly string[]): void {
    this.write('warn', message, data, secrets);
  }
  info(message: string, data?: unknown, secrets?: readonly string[]): void {
    this.write('info', message, data, secrets);
  }
  debug(message: string, data?: unknown, secrets?: readonly string[]): void {
    this.write('debug', message, data, secrets);
  }

  private write(
    level: Exclude<LogLevel, 'off'>,
    message: string,
    data: unknown,
    secrets: readonly string[] = [],
  ): void {
    if (!this.enabled(level)) return;
    const line = `[seatpay] ${redact(message, secrets) as string}`;
    try {
      if (data === undefined) this.logger![level](line);
      else this.logger![level](line, redact(data, secrets));
    } catch {
      // A logger that throws (a closed transport, a bug) must not fail the call it reports on,
      // nor escape as a foreign error: the line is lost, the call goes on.
    }
  }
}
