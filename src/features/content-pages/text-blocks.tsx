import type { TextBlock } from '../../domain/content/public-pages';

/** Text blocks shipped with the app, drawn as the server's HTML of the same blocks would be. */
export function TextBlocks({ blocks, testId }: { blocks: readonly TextBlock[]; testId?: string }) {
  return (
    <div className="panel content-body rich-text" data-testid={testId}>
      {blocks.map((b, i) => {
        if ('h' in b) return <h3 key={i}>{b.h}</h3>;
        if ('p' in b) return <p key={i}>{b.p}</p>;
        const items = 'ul' in b ? b.ul : b.ol;
        const List = 'ul' in b ? 'ul' : 'ol';
        return (
          <List key={i}>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
