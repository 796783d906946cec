/**
 * A list's search box: its label is read, not shown (the placeholder says the same). `onSearch` gets the
 * typed text.
 */
export function SearchField({
  label,
  value,
  onSearch,
  className,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      <span className="visually-hidden">{label}</span>
      <input
        type="search"
        className="field__input"
        placeholder={label}
        value={value}
        onChange={(event) => onSearch(event.target.value)}
      />
    </label>
  );
}
