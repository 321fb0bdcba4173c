/** The checkout page's stylesheet, served as a file of its own (see assets.ts). No external fonts or images. */
export const CHECKOUT_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:"paytag Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Helvetica,Arial,sans-serif;color:#16181d;background:#eef0f3;-webkit-text-size-adjust:100%}
body{margin:0;line-height:1.5;min-height:100vh}
a{color:#1a56db}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #1a56db;outline-offset:2px;border-radius:6px}
.wrap{max-width:960px;margin:0 auto;padding:16px 12px 32px}
.bar{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin:0 4px 14px}
.brand{display:inline-flex;align-items:center;gap:8px;font-weight:700;font-size:1.05rem;letter-spacing:-.01em;color:#16181d;text-decoration:none}
.brand svg{width:26px;height:26px}
.badge{display:inline-block;font-size:.72rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;padding:3px 9px;border-radius:999px;background:#fff1c2;color:#5c4300;border:1px solid #e8c65a}
.langs{margin-left:auto;display:flex;gap:2px;font-size:.88rem}
@media(max-width:379px){.bar .badge{display:none}.bar{gap:8px}}
.langs a{padding:4px 9px;border-radius:999px;text-decoration:none;color:#3b3f48}
.langs a[aria-current]{background:#16181d;color:#fff}
.card{background:#fff;border-radius:18px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.08);overflow:hidden;display:grid;grid-template-columns:minmax(0,1fr)}
.summary{padding:22px 20px;background:#fafbfc;border-bottom:1px solid #e6e8ec}
.pay{padding:22px 20px}
@media(min-width:860px){.wrap{padding:40px 24px}.card{grid-template-columns:minmax(0,5fr) minmax(0,6fr)}.summary{padding:40px 36px;border-bottom:0;border-right:1px solid #e6e8ec}.pay{padding:40px 36px}}
.eyebrow{margin:0 0 18px;font-size:.78rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#5b616e}
.payto{margin:0;font-size:.85rem;color:#5b616e}
h1{margin:2px 0 0;font-size:1.35rem;line-height:1.3;letter-spacing:-.01em;overflow-wrap:anywhere}
.tag{margin:2px 0 0;color:#5b616e;font-size:.9rem;overflow-wrap:anywhere}
.amount{margin:22px 0 0;font-size:2rem;font-weight:750;letter-spacing:-.02em;line-height:1.15;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.amount .unit{font-size:1.05rem;font-weight:650;color:#5b616e;margin-left:2px}
.sats{margin:4px 0 0;color:#3b3f48;font-variant-numeric:tabular-nums}
.facts{margin:22px 0 0;padding:0;border-top:1px solid #e6e8ec}
.facts div{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid #e6e8ec}
.facts dt{color:#5b616e;flex:none}
.facts dd{margin:0;text-align:right;font-weight:550;overflow-wrap:anywhere;min-width:0}
.status{display:flex;align-items:center;gap:10px;margin:0 0 18px;padding:10px 14px;border-radius:12px;font-weight:650;background:#fff7e6;color:#6b4400}
.status .dot{width:10px;height:10px;border-radius:50%;background:#d98b00;flex:none;animation:pulse 1.6s ease-in-out infinite}
.card[data-state=paid] .status{background:#e7f6ec;color:#13602f}
.card[data-state=paid] .status .dot{background:#1f8a47;animation:none}
.card[data-state=expired] .status,.card[data-state=declined] .status{background:#f1f2f4;color:#3b3f48}
.card[data-state=expired] .status .dot,.card[data-state=declined] .status .dot{background:#8a909c;animation:none}
/* Final states show their own heading; the status line stays for screen readers only. */
.card:not([data-state=pending]) .status{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@keyframes pulse{0%,100%{opacity:1}50%{opacity:.35}}
@media(prefers-reduced-motion:reduce){.status .dot{animation:none}}
.qr{display:block;width:100%;max-width:300px;margin:0 auto;padding:10px;background:#fff;border:1px solid #e6e8ec;border-radius:14px}
.qr svg{display:block;width:100%;height:auto}
.hint{text-align:center;color:#5b616e;font-size:.9rem;margin:10px 0 16px}
.button{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:46px;padding:10px 18px;border-radius:12px;border:0;font:inherit;font-weight:650;text-decoration:none;cursor:pointer}
.primary{background:#16181d;color:#fff}
.primary:hover{background:#2b2f37}
.invoice{margin:18px 0 0}
.invoice label{display:block;font-size:.85rem;font-weight:650;color:#3b3f48;margin:0 0 6px}
.field{display:flex;border:1px solid #cfd3da;border-radius:12px;overflow:hidden;background:#fafbfc}
.field input{flex:1;min-width:0;border:0;background:transparent;padding:11px 12px;font:.85rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#16181d;text-overflow:ellipsis}
.field button{flex:none;border:0;border-left:1px solid #cfd3da;background:#fff;padding:0 16px;font:inherit;font-weight:650;color:#1a56db;cursor:pointer}
.field button:hover{background:#f1f5ff}
/* An address is read and compared by people: wrapped whole on a phone, never cut with an ellipsis. */
.field textarea{flex:1;min-width:0;border:0;background:transparent;padding:11px 12px;font:.85rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#16181d;resize:none;overflow:hidden;word-break:break-all;field-sizing:content;min-height:0}
.expiry{display:flex;justify-content:space-between;align-items:baseline;gap:12px;margin:16px 0 0;padding:12px 14px;border-radius:12px;background:#f6f7f9;color:#3b3f48;font-size:.92rem}
.expiry time{font-weight:700;font-variant-numeric:tabular-nums;color:#16181d}
.note{font-size:.88rem;color:#3b3f48;margin:14px 0 0}
.sandbox{margin:20px 0 0;padding:14px;border:1px dashed #d4a72c;border-radius:12px;background:repeating-linear-gradient(135deg,#fffbeb 0 12px,#fff6d6 12px 24px)}
.sandbox p{margin:0 0 10px;font-size:.88rem;color:#5c4300}
.sandbox button{background:#8a5a00;color:#fff}
.sandbox button:hover{background:#6f4800}
.result{text-align:center;padding:8px 0}
.result svg{width:64px;height:64px;display:block;margin:8px auto 12px}
.result h2{margin:0 0 8px;font-size:1.35rem;letter-spacing:-.01em}
.result h2:focus{outline:none}
.result p{margin:8px 0;color:#3b3f48}
.result .facts{text-align:left;margin:18px 0}
.result .button{margin-top:14px}
footer{text-align:center;font-size:.8rem;color:#5b616e;margin:18px 0 0}
[hidden]{display:none!important}
.tabs{display:flex;gap:6px;margin:0 0 14px}
.tabs a{flex:1;text-align:center;padding:8px 10px;border:1px solid #d5d9e0;border-radius:10px;text-decoration:none;color:#16181d;font-weight:600}
.rail{padding:0 0 18px}
.rail+.rail{border-top:1px solid #e6e8ec;padding-top:18px}
.rail-title{margin:0 0 10px;font-size:1.05rem}
.warning{background:#fff6e0;border:1px solid #e8c65a;border-radius:10px;padding:8px 12px;color:#5c4300}
.txhash{margin-top:14px}
.txhash label{display:block;font-size:.9rem;color:#3b3f48;margin-bottom:4px}
.txhash .button{margin-top:8px}
#tx-claimed code{overflow-wrap:anywhere}
.progress{margin:0 0 16px;padding:10px 14px;border-radius:12px;background:#eef4ff;color:#1d3a78;font-size:.92rem;font-weight:600}
.progress p{margin:0}
.progress p+p{margin-top:4px}
.progress:not(:has(p:not([hidden]))){display:none}
.sandbox label{display:block;font-size:.85rem;color:#5c4300;margin:0 0 4px}
.sandbox .field{margin:0 0 10px;background:#fff}
`;
