	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.protected	gemm_tile16             ; -- Begin function gemm_tile16
	.globl	gemm_tile16
	.p2align	8
	.type	gemm_tile16,@function
gemm_tile16:                            ; @gemm_tile16
; %bb.0:
	v_and_b32_e32 v2, 0x3ff, v0
	s_clause 0x1
	s_load_b128 s[4:7], s[0:1], 0x0
	s_load_b64 s[0:1], s[0:1], 0x10
	v_bfe_u32 v0, v0, 10, 10
	s_lshl_b32 s2, s2, 4
	v_mov_b32_e32 v3, 0
	v_lshlrev_b32_e32 v1, 2, v2
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_4)
	v_lshl_or_b32 v4, s3, 4, v0
	v_lshlrev_b32_e32 v5, 6, v0
	v_lshl_add_u32 v7, v0, 10, s2
	v_add_nc_u32_e32 v6, 0x400, v1
	s_mov_b32 s3, 16
	v_lshlrev_b32_e32 v8, 8, v4
	v_add_nc_u32_e32 v9, v5, v1
	v_mov_b32_e32 v1, 0
	v_add_nc_u32_e32 v10, v6, v5
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_4)
	v_add_nc_u32_e32 v0, v2, v8
	v_add_nc_u32_e32 v11, v2, v7
	v_mov_b32_e32 v12, v1
	v_add_nc_u32_e32 v8, 32, v8
	v_add_nc_u32_e32 v7, 0x8000, v7
	v_lshlrev_b64 v[13:14], 2, v[0:1]
	v_add_nc_u32_e32 v0, 16, v0
	v_lshlrev_b64 v[15:16], 2, v[11:12]
	s_add_i32 s3, s3, -2
	s_delay_alu instid0(SALU_CYCLE_1)
	s_cmp_eq_u32 s3, 0
	s_waitcnt lgkmcnt(0)
	v_add_co_u32 v12, vcc, s4, v13
	v_add_co_ci_u32_e32 v13, vcc, s5, v14, vcc
	v_add_co_u32 v14, vcc, s6, v15
	v_add_co_ci_u32_e32 v15, vcc, s7, v16, vcc
	global_load_b32 v16, v[12:13], off
	global_load_b32 v17, v[14:15], off
	v_lshlrev_b64 v[12:13], 2, v[0:1]
	v_add_nc_u32_e32 v0, 0x4000, v11
	s_waitcnt vmcnt(1)
	ds_store_b32 v9, v16
	s_waitcnt vmcnt(0)
	ds_store_b32 v10, v17
	v_lshlrev_b64 v[14:15], 2, v[0:1]
	v_add_co_u32 v11, vcc, s4, v12
	v_add_co_ci_u32_e32 v12, vcc, s5, v13, vcc
	s_waitcnt lgkmcnt(0)
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_add_co_u32 v13, vcc, s6, v14
	v_add_co_ci_u32_e32 v14, vcc, s7, v15, vcc
	s_barrier
	buffer_gl0_inv
	ds_load_2addr_b32 v[15:16], v6 offset1:16
	ds_load_2addr_b32 v[17:18], v6 offset0:32 offset1:48
	ds_load_2addr_b32 v[19:20], v6 offset0:64 offset1:80
	ds_load_2addr_b32 v[21:22], v5 offset1:1
	ds_load_2addr_b32 v[23:24], v5 offset0:2 offset1:3
	ds_load_2addr_b32 v[25:26], v5 offset0:4 offset1:5
	ds_load_2addr_b32 v[27:28], v5 offset0:6 offset1:7
	ds_load_2addr_b32 v[29:30], v6 offset0:96 offset1:112
	ds_load_2addr_b32 v[31:32], v6 offset0:128 offset1:144
	ds_load_2addr_b32 v[33:34], v6 offset0:160 offset1:176
	ds_load_2addr_b32 v[35:36], v6 offset0:192 offset1:208
	ds_load_2addr_b32 v[37:38], v5 offset0:8 offset1:9
	ds_load_2addr_b32 v[39:40], v5 offset0:10 offset1:11
	ds_load_2addr_b32 v[41:42], v5 offset0:12 offset1:13
	ds_load_2addr_b32 v[43:44], v5 offset0:14 offset1:15
	ds_load_2addr_b32 v[45:46], v6 offset0:224 offset1:240
	s_waitcnt lgkmcnt(0)
	s_barrier
	buffer_gl0_inv
	global_load_b32 v0, v[11:12], off
	global_load_b32 v11, v[13:14], off
	s_waitcnt vmcnt(1)
	ds_store_b32 v9, v0
	s_waitcnt vmcnt(0)
	ds_store_b32 v10, v11
	v_fmac_f32_e32 v3, v21, v15
	s_waitcnt lgkmcnt(0)
	s_barrier
	buffer_gl0_inv
	ds_load_2addr_b32 v[11:12], v6 offset1:16
	ds_load_2addr_b32 v[13:14], v5 offset1:1
	v_fmac_f32_e32 v3, v22, v16
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v23, v17
	v_fmac_f32_e32 v3, v24, v18
	ds_load_2addr_b32 v[15:16], v6 offset0:32 offset1:48
	ds_load_2addr_b32 v[17:18], v5 offset0:2 offset1:3
	v_fmac_f32_e32 v3, v25, v19
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_4) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v26, v20
	ds_load_2addr_b32 v[19:20], v6 offset0:64 offset1:80
	ds_load_2addr_b32 v[21:22], v5 offset0:4 offset1:5
	ds_load_2addr_b32 v[23:24], v5 offset0:6 offset1:7
	v_fmac_f32_e32 v3, v27, v29
	v_fmac_f32_e32 v3, v28, v30
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v37, v31
	v_fmac_f32_e32 v3, v38, v32
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v39, v33
	v_fmac_f32_e32 v3, v40, v34
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v41, v35
	v_fmac_f32_e32 v3, v42, v36
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v43, v45
	v_fmac_f32_e32 v3, v44, v46
	s_waitcnt lgkmcnt(5)
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v13, v11
	v_fmac_f32_e32 v3, v14, v12
	ds_load_2addr_b32 v[11:12], v6 offset0:96 offset1:112
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v3, v17, v15
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_4) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v18, v16
	ds_load_2addr_b32 v[13:14], v6 offset0:128 offset1:144
	ds_load_2addr_b32 v[15:16], v5 offset0:8 offset1:9
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v3, v21, v19
	v_fmac_f32_e32 v3, v22, v20
	ds_load_2addr_b32 v[17:18], v6 offset0:160 offset1:176
	ds_load_2addr_b32 v[19:20], v5 offset0:10 offset1:11
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v3, v23, v11
	s_delay_alu instid0(VALU_DEP_1)
	v_fmac_f32_e32 v3, v24, v12
	ds_load_2addr_b32 v[11:12], v6 offset0:192 offset1:208
	ds_load_2addr_b32 v[21:22], v5 offset0:12 offset1:13
	ds_load_2addr_b32 v[23:24], v5 offset0:14 offset1:15
	s_waitcnt lgkmcnt(5)
	v_fmac_f32_e32 v3, v15, v13
	s_delay_alu instid0(VALU_DEP_1)
	v_fmac_f32_e32 v3, v16, v14
	ds_load_2addr_b32 v[13:14], v6 offset0:224 offset1:240
	s_waitcnt lgkmcnt(0)
	s_barrier
	buffer_gl0_inv
	v_fmac_f32_e32 v3, v19, v17
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v20, v18
	v_fmac_f32_e32 v3, v21, v11
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmac_f32_e32 v3, v22, v12
	v_fmac_f32_e32 v3, v23, v13
	s_delay_alu instid0(VALU_DEP_1)
	v_fmac_f32_e32 v3, v24, v14
	s_cbranch_scc0 .LBB0_1
; %bb.2:
	v_add_nc_u32_e32 v0, s2, v2
	v_mov_b32_e32 v1, 0
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshl_add_u32 v0, v4, 10, v0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_add_co_u32 v0, vcc, s0, v0
	v_add_co_ci_u32_e32 v1, vcc, s1, v1, vcc
	global_store_b32 v[0:1], v3, off
	s_nop 0
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel gemm_tile16
		.amdhsa_group_segment_fixed_size 2048
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 47
		.amdhsa_next_free_sgpr 8
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_workgroup_processor_mode 1
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 0
		.amdhsa_shared_vgpr_count 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	gemm_tile16, .Lfunc_end0-gemm_tile16
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 908
; NumSgprs: 10
; NumVgprs: 47
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 11
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 47
; Occupancy: 16
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
	.text
	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.hidden	__oclc_ABI_version              ; @__oclc_ABI_version
	.type	__oclc_ABI_version,@object
	.section	.rodata,"a",@progbits
	.weak	__oclc_ABI_version
	.p2align	2, 0x0
__oclc_ABI_version:
	.long	500                             ; 0x1f4
	.size	__oclc_ABI_version, 4

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .actual_access:  read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .actual_access:  read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .actual_access:  write_only
        .address_space:  global
        .is_restrict:    true
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           gemm_tile16
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         gemm_tile16.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     47
    .vgpr_spill_count: 0
    .wavefront_size: 64
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
