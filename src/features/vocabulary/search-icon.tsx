import { LineIcon, type LineIconProps } from '../../ui/icons';

/** A magnifying glass (24×24, currentColor), drawn like the icons of src/ui/icons. */
export function SearchIcon(props: LineIconProps) {
  return <LineIcon d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" {...props} />;
}
