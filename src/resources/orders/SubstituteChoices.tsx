import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuantityText } from '../../common/Quantity';

type Line = { productId: number; name: string; quantity: number; unit?: unknown };

/**
 * For each product added while lines were taken out, which line it stands in for (or none): the server records it
 * as a substitution. Nothing shows unless something was both added and removed.
 */
export const SubstituteChoices = ({ added, removed, instead, onChange }: { added: Line[]; removed: Line[]; instead: Record<number, number>; onChange: (productId: number, from: number) => void }) => {
    const translate = useTranslate();
    const quantityText = useQuantityText();
    const t = (key: string) => translate(`app.order_desk.${key}`);
    if (!added.length || !removed.length) return null;
    return (
        <>
            {added.map(line => (
                <TextField key={line.productId} select size="small" label={`${line.name}: ${t('substitute_for')}`} value={instead[line.productId] ?? ''} onChange={event => onChange(line.productId, Number(event.target.value))}>
                    <MenuItem value="">{t('substitute_none')}</MenuItem>
                    {removed.map(gone => (
                        <MenuItem key={gone.productId} value={gone.productId}>
                            {quantityText(gone.quantity, gone.unit)} × {gone.name}
                        </MenuItem>
                    ))}
                </TextField>
            ))}
        </>
    );
};
