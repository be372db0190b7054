import { describe, expect, it } from 'vitest'
import { ConfigError, featuresFor, findPlan, loadConfig, plans } from '#app.config.ts'

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      database: { url: undefined, dataDir: './.data' },
      inngest: undefined,
    })
  })

  it('turns the sandbox Google provider on only without Supabase and outside production', () => {
    expect(loadConfig({}).auth.googleSandbox).toBe(true)
    const supabase = { SUPABASE_URL: 'https://project.supabase.co', SUPABASE_ANON_KEY: 'anon-key' }
    expect(loadConfig(supabase).auth.googleSandbox).toBe(false)
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      AUTH_JWT_SECRET: 'x'.repeat(48),
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'secret',
      SMTP_URL: 'smtp://mail.example.com',
      PUBLIC_URL: 'https://interviewhelper.example.com',
      OPERATOR_ADDRESS: '1 MG Road, Bengaluru, Karnataka 560001',
      OPERATOR_GSTIN: '29ABCDE1234F1Z5',
    }
    expect(loadConfig(production).auth.googleSandbox).toBe(false)
  })

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  })

  it('bounds a stop: SERVER_SHUTDOWN_TIMEOUT is whole seconds from 0 to 3600, 10 unless set; CI or TEST leave the signals to Node', () => {
    expect(loadConfig({}).stop).toEqual({ drainSeconds: 10, handlesSignals: true })
    expect(loadConfig({ SERVER_SHUTDOWN_TIMEOUT: '0' }).stop.drainSeconds).toBe(0)
    // A compose file passing an unset variable gives an empty one: unset, not 0.
    expect(loadConfig({ SERVER_SHUTDOWN_TIMEOUT: '' }).stop.drainSeconds).toBe(10)
    expect(loadConfig({ SERVER_SHUTDOWN_TIMEOUT: ' ' }).stop.drainSeconds).toBe(10)
    expect(loadConfig({ SERVER_SHUTDOWN_TIMEOUT: '25' }).stop.drainSeconds).toBe(25)
    for (const bad of ['-10', '1.5', 'soon', '3601'])
      expect(() => loadConfig({ SERVER_SHUTDOWN_TIMEOUT: bad }), bad).toThrow(/SERVER_SHUTDOWN_TIMEOUT/)
    expect(loadConfig({ CI: 'true' }).stop.handlesSignals).toBe(false)
    expect(loadConfig({ TEST: 'true' }).stop.handlesSignals).toBe(false)
  })

  it('lists every bad variable by name, with what it got', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'notaport', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    const { problems, message } = error as ConfigError
    expect(problems).toHaveLength(3)
    expect(message).toMatch(/PORT: .*"notaport"/)
    expect(message).toMatch(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection string \(got "mysql:\/\/db"\)/,
    )
    expect(message).toMatch(/LOG_LEVEL/)
  })

  it('refuses the embedded development defaults in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL: is required in production[\s\S]*AUTH_JWT_SECRET: is required in production[\s\S]*RAZORPAY_KEY_ID: is required in production[\s\S]*SMTP_URL: is required in production[\s\S]*PUBLIC_URL: is required in production/,
    )
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/app',
        AUTH_JWT_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://interviewhelper.example',
        RAZORPAY_KEY_ID: 'rzp_live_abc',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'whsecret',
        SMTP_URL: 'smtps://user:pass@smtp.example.com',
        OPERATOR_ADDRESS: '1 MG Road, Bengaluru, Karnataka 560001',
        OPERATOR_GSTIN: '29ABCDE1234F1Z5',
      }).isProduction,
    ).toBe(true)
  })

  it('prints sample seller details on invoices outside production, and refuses them in production', () => {
    const development = loadConfig({}).invoices
    expect(development.sellerIsSample).toBe(true)
    expect(development.seller.name).toContain('SAMPLE')
    expect(development.gstRateBasisPoints).toBe(1800)
    expect(development.numberPrefix).toBe('IH')
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /OPERATOR_ADDRESS: is required in production: every payment issues a GST invoice[\s\S]*OPERATOR_GSTIN: is required in production/,
    )
    expect(() => loadConfig({ OPERATOR_GSTIN: '29ABCDE1234' })).toThrow(/OPERATOR_GSTIN: must be a 15-character GSTIN/)
    expect(() => loadConfig({ GST_RATE_PERCENT: '18.125' })).toThrow(/GST_RATE_PERCENT: must have at most two decimals/)
    const configured = loadConfig({
      OPERATOR_LEGAL_NAME: 'Example Learning Pvt Ltd',
      OPERATOR_ADDRESS: '1 MG Road, Bengaluru',
      OPERATOR_GSTIN: '29abcde1234f1z5',
      GST_RATE_PERCENT: '12.5',
    }).invoices
    expect(configured).toMatchObject({ sellerIsSample: false, gstRateBasisPoints: 1250 })
    expect(configured.seller).toEqual({
      name: 'Example Learning Pvt Ltd',
      address: '1 MG Road, Bengaluru',
      gstin: '29ABCDE1234F1Z5',
    })
  })

  it('takes Razorpay keys as a set, and uses the sandbox gateway without them', () => {
    expect(loadConfig({}).payments).toEqual({ mode: 'sandbox' })
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc' })).toThrow(
      /RAZORPAY_KEY_SECRET: is required[\s\S]*RAZORPAY_WEBHOOK_SECRET: is required/,
    )
    expect(
      loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' }).payments,
    ).toMatchObject({ mode: 'razorpay', keyId: 'rzp_test_abc' })
  })

  it('uses Inngest only when it is configured', () => {
    expect(loadConfig({ INNGEST_DEV: '1' }).inngest).toMatchObject({ mode: 'dev' })
    expect(loadConfig({ INNGEST_EVENT_KEY: 'key', INNGEST_SIGNING_KEY: 'signkey-prod-1' }).inngest).toMatchObject({
      mode: 'cloud',
      eventKey: 'key',
    })
  })
})

describe('plans catalog', () => {
  it('holds the three monthly INR plans', () => {
    expect(
      plans.map((plan) => [
        plan.planId,
        plan.name,
        plan.amount,
        plan.originalAmount,
        plan.interviews,
        plan.cta,
        plan.mostPopular,
      ]),
    ).toEqual([
      ['starter', 'Starter', 9900, 120000, 5, 'Get your starter pack now', false],
      ['professional', 'Professional', 29900, 232000, 15, 'Buy Now', true],
      ['pro', 'Pro', 49900, 392000, 25, 'Go Pro', false],
    ])
    expect(plans.map((plan) => [plan.currency, plan.billingCycle])).toEqual(plans.map(() => ['INR', 'monthly']))
  })

  it('gives each plan its features, and no features without a plan', () => {
    expect(featuresFor('none')).toEqual({
      maxInterviews: 0,
      screenAnalysis: false,
      advancedAI: false,
      prioritySupport: false,
      teamFeatures: false,
      microphone: false,
      chat: false,
      contextConfiguration: false,
      interviewAnalytics: false,
    })
    expect(featuresFor('starter')).toMatchObject({
      maxInterviews: 5,
      chat: true,
      screenAnalysis: false,
      microphone: false,
    })
    expect(featuresFor('professional')).toMatchObject({
      maxInterviews: 15,
      screenAnalysis: true,
      microphone: true,
      contextConfiguration: false,
    })
    expect(Object.values(featuresFor('pro')).filter((value) => value === true)).toHaveLength(8)
    expect(findPlan('enterprise')).toBeUndefined()
  })
})

describe('CORS_ORIGINS', () => {
  it('is a comma-separated list of origins, lower-cased, with null for file:// pages', () => {
    expect(loadConfig({}).corsOrigins).toEqual([])
    expect(
      loadConfig({ CORS_ORIGINS: ' app://Interview-Helper, null,http://localhost:5173,,http://localhost:5173' })
        .corsOrigins,
    ).toEqual(['app://interview-helper', 'null', 'http://localhost:5173'])
  })

  it.each([
    ['https://app.example/', /"https:\/\/app.example\/" is not an origin/],
    ['http://localhost:5173/path', /is not an origin: write scheme:\/\/host\[:port\]/],
    ['*', /"\*" is not an origin/],
    ['localhost:5173', /"localhost:5173" is not an origin/],
    ['file:///C:/app/index.html', /pages opened from file:\/\/ send the origin null; list null instead/],
  ])('refuses %s, saying why', (value, message) => {
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(message)
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS:/)
  })
})
