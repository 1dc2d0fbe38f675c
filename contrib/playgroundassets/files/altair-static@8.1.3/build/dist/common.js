"use strict";
!function(){try{var e="undefined"!=typeof window?window:"undefined"!=typeof global?global:"undefined"!=typeof self?self:{},n=(new Error).stack;n&&(e._sentryDebugIds=e._sentryDebugIds||{},e._sentryDebugIds[n]="256a72be-f186-58d6-9e98-a37dfa9443ab")}catch(e){}}();
(self.webpackChunkaltair=self.webpackChunkaltair||[]).push([[76],{68518:(l,s,i)=>{i.d(s,{J:()=>a});class a{constructor(t){this.hydrator=t}hydrate(t){return this.hydrator(t)}}},35121:(l,s,i)=>{function a(t,_,h,o,u,c,r){try{var n=t[c](r),e=n.value}catch(p){return void h(p)}n.done?_(e):Promise.resolve(e).then(o,u)}function d(t){return function(){var _=this,h=arguments;return new Promise(function(o,u){var c=t.apply(_,h);function r(e){a(c,o,u,r,n,"next",e)}function n(e){a(c,o,u,r,n,"throw",e)}r(void 0)})}}i.d(s,{A:()=>d})}}]);
//# sourceMappingURL=common.js.map
//# debugId=256a72be-f186-58d6-9e98-a37dfa9443ab
