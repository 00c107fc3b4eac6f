import React, { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Icon from './Icon';
import { SCROLL_AFTER, SCROLL_AREA_HEIGHT, styles } from './styles';

export interface ComboBoxOption {
  id: string;
  /** What onSelectOption receives (an encoded list, see lib/project-config/option-values.ts). */
  value: string;
  displayName: string;
}

export interface ComboBoxProps {
  /** What is chosen, in the labels: "Select a {name}...", "No {name} found". */
  name: string;
  isLoading: boolean;
  disabled?: boolean;
  options: ComboBoxOption[];
  selectedOption?: string;
  onSelectOption?: (value: string) => void;
  /** The state machine's state, exposed for tests and debugging. */
  dataState?: string;
}

/** Every word of the search must appear in the label, in any case and order. */
function matches(option: ComboBoxOption, search: string): boolean {
  const label = option.displayName.toLowerCase();
  return search.toLowerCase().split(/\s+/).every((word) => label.includes(word));
}

function triggerLabel({ isLoading, name, options, selectedOption }: ComboBoxProps): string {
  if (isLoading) return 'Loading...';
  if (options.length === 0) return `No ${name} found`;
  return options.find((option) => option.value === selectedOption)?.displayName ?? `Select a ${name}...`;
}

/**
 * A searchable single choice: a button showing the choice, opening a search box over the list.
 * Follows the ARIA combobox pattern so it works from the keyboard and with screen readers.
 */
export default function ComboBox(props: ComboBoxProps) {
  const { name, isLoading, disabled = false, options, selectedOption, onSelectOption, dataState } = props;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const shown = options.filter((option) => matches(option, search.trim()));

  // A click anywhere else closes the list, as a native select does.
  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    setSearch('');
    trigger.current?.focus();
  };
  const choose = (value: string) => {
    close();
    onSelectOption?.(value);
  };
  const toggle = () => {
    if (isLoading) return;
    setActive(Math.max(0, shown.findIndex((option) => option.value === selectedOption)));
    setOpen((wasOpen) => !wasOpen);
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter' && shown[active]) choose(shown[active].value);
    else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div ref={root} style={styles.combobox} data-combobox={name} data-state={dataState}>
      <button
        ref={trigger}
        type="button"
        role="combobox"
        aria-label={`${name[0]!.toUpperCase()}${name.slice(1)}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-busy={isLoading}
        disabled={disabled}
        onClick={toggle}
        style={{ ...styles.trigger, ...(disabled ? { opacity: 0.6, cursor: 'not-allowed' } : {}) }}
      >
        <span style={styles.triggerLabel}>{triggerLabel(props)}</span>
        <Icon name="chevrons" />
      </button>
      {open && (
        <div style={styles.popover}>
          <input
            type="text"
            role="searchbox"
            aria-controls={listId}
            aria-activedescendant={shown[active] ? optionId(active) : undefined}
            placeholder={`Search ${name}...`}
            value={search}
            autoFocus
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
            style={styles.search}
          />
          <div data-scroll-area="" style={options.length > SCROLL_AFTER ? { height: SCROLL_AREA_HEIGHT, overflowY: 'auto' } : undefined}>
            {shown.length === 0 ? (
              <p style={styles.empty}>{`No ${name} found.`}</p>
            ) : (
              <ul role="listbox" id={listId} aria-label={`${name} options`} style={styles.list}>
                {shown.map((option, index) => {
                  const selected = option.value === selectedOption;
                  return (
                    <li
                      key={option.id}
                      id={optionId(index)}
                      role="option"
                      aria-selected={selected}
                      data-value={option.value}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => choose(option.value)}
                      style={{ ...styles.option, ...(index === active ? styles.optionActive : {}) }}
                    >
                      <Icon name="check" style={{ opacity: selected ? 1 : 0, flex: 'none' }} />
                      {option.displayName}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
