import { useRef } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useFormContext } from 'react-hook-form';
import { TextInput, useTranslate, type TextInputProps, type Validator } from 'react-admin';

const API_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** The API's 2026-11-27 as the screens write it, 27/11/2026; anything else (a half-typed date) as it is. */
export const toShopDay = (value: unknown): string =>
    typeof value === 'string' ? value.replace(API_DAY, '$3/$2/$1') : value == null ? '' : String(value);

/** Digits typed in a row get their slashes as they come: 2711 reads 27/11, and 27/112 reads 27/11/2. */
function masked(text: string): string {
    if (/^\d{3,8}$/.test(text)) return [text.slice(0, 2), text.slice(2, 4), text.slice(4)].filter(Boolean).join('/');
    const afterDay = /^(\d{1,2}\/)(\d{3,6})$/.exec(text);
    return afterDay ? `${afterDay[1]}${afterDay[2].slice(0, 2)}/${afterDay[2].slice(2)}` : text;
}

/**
 * A date typed as the screens show it (27/11/2026, or 27-11-2026) as the API's 2026-11-27 once it names a real
 * day; until then the text as typed, which the input's check refuses with the format to use.
 */
export function fromShopDay(typed: string): string {
    const text = masked(typed.trim());
    const match = TYPED_DAY.exec(text);
    if (!match) return text;
    const [, day, month, year] = match.map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return text;
    return date.toISOString().slice(0, 10);
}

/** Refuses text that is not yet a real day (the API's form, once parsed). */
const realDay: Validator = (value: unknown) => (value == null || value === '' || API_DAY.test(String(value)) ? undefined : 'app.form.date_invalid');

/**
 * The browser's own calendar, asked for by a button beside the text: its choice (YYYY-MM-DD whatever the
 * browser's language) becomes the field's value.
 */
function CalendarButton({ source, label }: { source: string; label: string }) {
    const picker = useRef<HTMLInputElement>(null);
    const form = useFormContext();
    const value = form.watch(source);
    return (
        <InputAdornment position="end">
            <IconButton
                size="small"
                edge="end"
                aria-label={label}
                title={label}
                onClick={() => {
                    const input = picker.current;
                    if (!input) return;
                    try {
                        input.showPicker();
                    } catch {
                        input.focus();
                    }
                }}
            >
                <EventIcon fontSize="small" />
            </IconButton>
            <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                value={typeof value === 'string' && API_DAY.test(value) ? value : ''}
                onChange={(event) => form.setValue(source, event.target.value || null, { shouldDirty: true, shouldValidate: true, shouldTouch: true })}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none', border: 0, padding: 0 }}
            />
        </InputAdornment>
    );
}

/**
 * A date input in the app's format (dd/mm/yyyy, as every date on the screens reads), not the browser's
 * locale's; the value kept and sent stays the API's YYYY-MM-DD.
 */
export const ShopDateInput = ({ validate, ...props }: Omit<TextInputProps, 'format' | 'parse'>) => {
    const translate = useTranslate();
    const validators = [realDay, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
    return (
        <TextInput
            {...props}
            validate={validators}
            format={toShopDay}
            parse={fromShopDay}
            placeholder={translate('app.form.date_format')}
            InputLabelProps={{ shrink: true }}
            inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 10, ...props.inputProps }}
            InputProps={{ endAdornment: <CalendarButton source={props.source} label={translate('app.form.date_pick')} /> }}
        />
    );
};
