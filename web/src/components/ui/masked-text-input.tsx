// The shared base of the date and month inputs: an IMask-driven text input whose value is the text
// typed so far ('15.03.2026', or '15.03' while incomplete; '' when empty). While focused the mask shows
// its placeholder letters (TT.MM.JJJJ) so the user sees what is missing; when empty and not focused
// the native placeholder says the same.
//
// IMask owns the input element's text; React owns `value`. The input is therefore uncontrolled and
// the two are synchronised here, which avoids the cursor jumps a controlled masked input suffers.
import IMask, { type FactoryOpts, type InputMask } from 'imask';
import { useCallback, useEffect, useRef, type ComponentPropsWithoutRef, type Ref } from 'react';

type NativeInputProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'placeholder' | 'inputMode' | 'maxLength' | 'min' | 'max'
>;

export interface MaskedTextInputProps extends NativeInputProps {
  /** The text typed so far ('15.03.2026', '15.03' while incomplete, '' when empty). */
  value: string;
  /** Called with the new text whenever the typed text changes. */
  onChange: (text: string) => void;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A mask definition; a module constant, created once. Placeholder letters must not be digits or dots. */
export interface MaskConfig {
  options: FactoryOpts;
  placeholder: string;
}

type AnyInputMask = InputMask<FactoryOpts>;

/** The typed part of the shown text: everything before the first placeholder letter, no trailing dot. */
function typedText(mask: AnyInputMask): string {
  if (mask.unmaskedValue === '') return '';
  return mask.value.replace(/[^\d.].*$/, '').replace(/\.+$/, '');
}

export function MaskedTextInput({
  config,
  value,
  onChange,
  invalid,
  ref,
  className,
  onFocus,
  onBlur,
  ...rest
}: MaskedTextInputProps & { config: MaskConfig }) {
  const elementRef = useRef<HTMLInputElement | null>(null);
  const maskRef = useRef<AnyInputMask | null>(null);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const mask = IMask(element, { ...config.options, lazy: true } as FactoryOpts) as AnyInputMask;
    mask.value = valueRef.current;
    mask.on('accept', () => {
      const text = typedText(mask);
      if (text === valueRef.current) return;
      valueRef.current = text;
      onChangeRef.current(text);
    });
    maskRef.current = mask;
    return () => {
      mask.destroy();
      maskRef.current = null;
    };
  }, [config]);

  // A value from outside (a loaded record, a form reset) replaces what the mask shows.
  useEffect(() => {
    const mask = maskRef.current;
    valueRef.current = value;
    if (mask && typedText(mask) !== value) mask.value = value;
  }, [value]);

  const given = rest['aria-invalid'];
  const ariaInvalid =
    invalid || (given !== undefined && given !== false && given !== 'false') ? true : undefined;

  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      elementRef.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  return (
    <input
      {...rest}
      ref={setRefs}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={config.placeholder}
      aria-invalid={ariaInvalid}
      className={['input', 'input--masked', className].filter(Boolean).join(' ')}
      onFocus={(event) => {
        maskRef.current?.updateOptions({ lazy: false });
        onFocus?.(event);
      }}
      onBlur={(event) => {
        maskRef.current?.updateOptions({ lazy: true });
        onBlur?.(event);
      }}
    />
  );
}
