import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { LegacyRedirect } from '../../src/common/LegacyRedirect';
import { legacyRedirects } from '../../src/legacyRedirects';

const Where = () => {
    const { pathname, search } = useLocation();
    return <p>at {pathname + search}</p>;
};

const landingOf = async (url: string) => {
    render(
        <MemoryRouter initialEntries={[url]}>
            <Routes>
                {legacyRedirects.map(({ from, to }) => (
                    <Route key={from} path={from} element={<LegacyRedirect to={to} />} />
                ))}
                <Route path="*" element={<Where />} />
            </Routes>
        </MemoryRouter>
    );
    return (await screen.findByText(/^at /)).textContent;
};

describe('legacy routes of the catalogue', () => {
    it.each([
        ['/AddSubCategoryForm', '/subcategories'],
        ['/addsubcategoryform', '/subcategories'],
        ['/AddGst', '/gst'],
        ['/EditGst?id=5', '/gst/5'],
        ['/EditGst', '/gst'],
        ['/EditGst?id=abc', '/gst'],
        ['/AddProduct', '/products'],
        ['/addproduct', '/products'],
        ['/editproduct?id=7', '/products/7'],
        ['/PincodeManagement', '/pincode'],
        // The attribute resource's own path: no redirect needed.
        ['/Attribute', '/Attribute'],
    ])('%s leads to %s', async (from, to) => {
        expect(await landingOf(from)).toBe(`at ${to}`);
    });
});
