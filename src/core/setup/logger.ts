import type { LogLevel, Logger } from './options.js';
import type { Secrets } from '../secrets/secrets.js';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/**
 * A level-filtered logger: every line and data argument redacted with the client's secrets, a last
 * line of defence; not data already redacted with them all (`known`: megabytes held the loop).
 */
export class Log {
  constructor(
    private readonly logger: Logger | undefined,
    private readonly level: LogLevel,
    private readonly secrets: Secrets,
  ) {}

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return this.logger !== undefined && RANK[level] <= RANK[this.level];
  }

  error(message: string, data?: unknown): void {
    this.write('error', message, data);
  }
  warn(message: string, data?: unknown): void {
    this.write('warn', message, data);
  }
  info(message: string, data?: unknown): void {
    this.write('info', message, data);
  }
  debug(message: string, data?: unknown, known?: readonly string[]): void {
    this.write('debug', message, data, known === this.secrets.list);
  }

  private write(level: Exclude<LogLevel, 'off'>, message: string, data: unknown, safe = false) {
    if (!this.enabled(level)) return;
    const line = `[seatpay] ${this.secrets.redact(message)}`;
    try {
      if (data === undefined) this.logger![level](line);
      else this.logger![level](line, safe ? data : this.secrets.redact(data));
    } catch {
      // A logger that throws (a closed transport, a bug) must not fail the call it reports on,
      // nor escape as a foreign error: the line is lost, the call goes on.
    }
  }
}
