import type { Redis } from 'ioredis';

type Handler = (message: string) => void;

/**
 * Many listeners over one subscriber connection: subscribes to a channel on its first listener and
 * unsubscribes after its last. Commands on one connection run in order, so a quick unsubscribe/subscribe
 * pair always ends subscribed.
 */
export class ChannelHub {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly onMessage = (channel: string, message: string) => {
    for (const h of this.handlers.get(channel) ?? []) {
      try {
        h(message);
      } catch {
        // One listener's bug must not starve the others.
      }
    }
  };

  constructor(private readonly subscriber: Redis) {
    subscriber.on('message', this.onMessage);
  }

  /** Listens to `channel`; resolves once subscribed. Call the returned function to stop. */
  async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    if (first) await this.subscriber.subscribe(channel);
    return async () => {
      const current = this.handlers.get(channel);
      if (!current?.delete(handler) || current.size > 0) return;
      this.handlers.delete(channel);
      await this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  close(): void {
    this.subscriber.off('message', this.onMessage);
    this.handlers.clear();
  }
}
