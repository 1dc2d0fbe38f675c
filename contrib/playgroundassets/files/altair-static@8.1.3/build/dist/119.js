"use strict";
!function(){try{var e="undefined"!=typeof window?window:"undefined"!=typeof global?global:"undefined"!=typeof self?self:{},n=(new Error).stack;n&&(e._sentryDebugIds=e._sentryDebugIds||{},e._sentryDebugIds[n]="a202d7ef-7593-54c1-9c4d-4e2e52a8bb4e")}catch(e){}}();
(self.webpackChunkaltair=self.webpackChunkaltair||[]).push([[119],{71119:(o,a,e)=>{e.r(a),e.d(a,{default:()=>n});var s=e(35121),t=e(68518);class n extends t.J{execute(r){var _=this;return(0,s.A)(function*(){return r.data?.accessTokenResponse?{headers:{Authorization:`Bearer ${_.hydrate(r.data.accessTokenResponse.access_token)}`}}:{headers:{}}})()}}}}]);
//# sourceMappingURL=119.js.map
//# debugId=a202d7ef-7593-54c1-9c4d-4e2e52a8bb4e
