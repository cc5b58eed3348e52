// ऑर्डर → जीएसटी रिटर्न (src/resources/reports/) और ऑर्डर पेज के क्रेडिट नोट।
import type { creditNotes as en, reports as enReports } from '../en/reports';

export const reports: typeof enReports = {
    name: 'जीएसटी रिटर्न |||| जीएसटी रिटर्न',
    menu: 'जीएसटी रिटर्न',
    title: 'जीएसटी रिटर्न और रजिस्टर',
    gstr1: 'GSTR-1',
    gstr1_hint: 'एक महीने या तिमाही की बाहरी आपूर्तियाँ, जैसे जीएसटी पोर्टल का ऑफ़लाइन टूल उन्हें लेता है: B2B, बड़ी और छोटी B2C बिक्री, क्रेडिट नोट, छूट प्राप्त बिक्री, HSN सारांश और जारी दस्तावेज़।',
    period: 'अवधि',
    period_hint: 'महीना 2026-11 की तरह, या तिमाही 2026-Q3 (जुलाई से सितंबर) की तरह',
    format: 'प्रारूप',
    formats: { json: 'ऑफ़लाइन टूल के लिए JSON', zip: 'स्प्रेडशीट शीटें (CSV, ज़िप में)' },
    register: 'बिक्री रजिस्टर',
    register_hint: 'हर बिल या क्रेडिट नोट की हर जीएसटी दर की एक पंक्ति, क्रेडिट नोट ऋणात्मक: संख्या, तारीख, खरीदार, GSTIN, आपूर्ति का स्थान, HSN, कर योग्य मूल्य, CGST, SGST, IGST।',
    from: 'से',
    to: 'तक',
    download: 'डाउनलोड करें',
    error: 'रिपोर्ट नहीं बन सकी। कृपया फिर से कोशिश करें।',
};

export const creditNotes: typeof en = {
    title: 'क्रेडिट नोट',
    kinds: { cancelled: 'रद्दीकरण', refunded: 'धनवापसी', partial: 'आंशिक धनवापसी' },
    error: 'क्रेडिट नोट नहीं खुल सका। कृपया फिर से कोशिश करें।',
};
